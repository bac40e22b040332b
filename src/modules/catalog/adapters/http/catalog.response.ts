import { CarProperty, CatalogModel, CatalogTrim, displayRegion, Manufacturer } from '../../domain/catalog';

/** Spec 2.4. */
export interface ManufacturerResponse {
  id: string;
  name: string;
}

/** Spec 2.5 CarProperty; `value` is a string, number or boolean. */
interface CarPropertyResponse {
  tag: string;
  string_key: string;
  display_name: string;
  description: string;
  searchable_text: string;
  value: string | number | boolean;
  unit: string;
  url: string;
  image_urls: string[];
}

/** Spec 2.5 Trim. */
interface TrimResponse {
  id: string;
  trim: string;
  trim_localized: string;
  trim_display_name: string;
  model: string;
  model_localized: string;
  model_display_name: string;
  manufacturer_id: string;
  type: string | null;
  override_model_name: boolean;
  can_test_drive: boolean;
  year: number;
  site_url: string;
  car_properties: CarPropertyResponse[];
}

/** Spec 2.5 Model. Unknown values (a body type, seats, prices) are null. */
export interface ModelResponse {
  id: string;
  manufacturer_id: string;
  locale: string;
  region: string;
  model: string;
  model_localized: string;
  model_display_name: string;
  type: string | null;
  body_type: string | null;
  fuel_type: string | null;
  seats: number | null;
  year: number;
  min_price: number | null;
  max_price: number | null;
  site_url: string;
  image_url: string;
  video_url: string;
  trims: TrimResponse[];
  can_test_drive: boolean;
}

export const toManufacturerResponse = (m: Manufacturer): ManufacturerResponse => ({ id: m.id, name: m.name });

function toCarPropertyResponse(p: CarProperty): CarPropertyResponse {
  return {
    tag: p.tag, string_key: p.stringKey, display_name: p.displayName, description: p.description, searchable_text: p.searchableText,
    value: p.value, unit: p.unit, url: p.url, image_urls: [...p.imageUrls],
  };
}

function toTrimResponse(t: CatalogTrim, model: CatalogModel): TrimResponse {
  return {
    id: t.id, trim: t.trim, trim_localized: t.trimLocalized, trim_display_name: t.trimDisplayName,
    model: model.model, model_localized: model.modelLocalized, model_display_name: model.modelDisplayName, manufacturer_id: model.manufacturerId,
    type: t.type, override_model_name: t.overrideModelName, can_test_drive: t.canTestDrive, year: t.year, site_url: t.siteUrl,
    car_properties: t.carProperties.map(toCarPropertyResponse),
  };
}

/** `requestedRegion`: the `region` filter of the request, if any (it is what the row's `region` shows). */
export function toModelResponse(m: CatalogModel, requestedRegion: string | null): ModelResponse {
  return {
    id: m.id, manufacturer_id: m.manufacturerId, locale: m.locale, region: displayRegion(m, requestedRegion),
    model: m.model, model_localized: m.modelLocalized, model_display_name: m.modelDisplayName,
    type: m.type, body_type: m.bodyType, fuel_type: m.fuelType, seats: m.seats, year: m.year, min_price: m.minPrice, max_price: m.maxPrice,
    site_url: m.siteUrl, image_url: m.imageUrl, video_url: m.videoUrl, trims: m.trims.map((t) => toTrimResponse(t, m)), can_test_drive: m.canTestDrive,
  };
}

/** Examples for the OpenAPI document. */
export function modelExample(): ModelResponse {
  const model: CatalogModel = {
    id: 'toyota-camry-2025', manufacturerId: 'toyota', model: 'Camry', modelLocalized: 'Camry', modelDisplayName: 'Toyota Camry', locale: 'en-US',
    regions: ['CA', 'US'], type: 'Sedan', bodyType: 'Sedan', fuelType: 'Hybrid', seats: 5, year: 2025, minPrice: 34990, maxPrice: 45990.5,
    siteUrl: '', imageUrl: '', videoUrl: '', canTestDrive: true,
    trims: [{
      id: 'toyota-camry-2025-xle', trim: 'XLE', trimLocalized: 'XLE', trimDisplayName: 'Toyota Camry XLE', overrideModelName: false, canTestDrive: true,
      year: 2025, siteUrl: '', type: 'Sedan',
      carProperties: [{ tag: 'horsepower', stringKey: 'horsepower', displayName: 'Horsepower', description: '', searchableText: '225 hp', value: 225, unit: 'hp', url: '', imageUrls: [''] }],
    }],
  };
  return toModelResponse(model, null);
}
