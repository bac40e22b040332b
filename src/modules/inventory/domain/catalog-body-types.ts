/** A catalog model and the body type its model years agree on. */
export interface CatalogModelType {
  manufacturer: string;
  model: string;
  type: string | null;
}

/** Port: the catalog's models with their body types (the catalog context behind it). */
export abstract class CatalogBodyTypes {
  abstract modelTypes(): Promise<CatalogModelType[]>;
}

const compact = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The body type the catalog gives a feed's manufacturer and model, for a car whose body text says
 * nothing usable. Feeds write longer model names than the catalog (`Silverado 1500 LT Trail Boss`
 * for `Silverado`, `F-350 Super Duty` or `F-350` for `F-350 Super Duty`): the longest catalog model
 * that starts the feed's model decides, else the catalog models the feed's model starts, when they
 * agree. Names compare without case, spaces and punctuation.
 */
export function catalogBodyTypeLookup(models: readonly CatalogModelType[]): (manufacturer: string | null, model: string | null) => string | null {
  const byMake = new Map<string, { model: string; type: string }[]>();
  for (const m of models) {
    if (m.type === null) continue;
    const key = compact(m.manufacturer);
    const list = byMake.get(key) ?? [];
    list.push({ model: compact(m.model), type: m.type });
    byMake.set(key, list);
  }
  for (const list of byMake.values()) list.sort((a, b) => b.model.length - a.model.length);
  return (manufacturer, model) => {
    if (manufacturer === null || model === null) return null;
    const list = byMake.get(compact(manufacturer));
    const name = compact(model);
    if (!list || name.length < 2) return null;
    const prefix = list.find((m) => m.model !== '' && name.startsWith(m.model));
    if (prefix) return prefix.type;
    const types = new Set(list.filter((m) => m.model.startsWith(name)).map((m) => m.type));
    return types.size === 1 ? [...types][0] : null;
  };
}
