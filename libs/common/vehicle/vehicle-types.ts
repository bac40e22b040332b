/**
 * Body types and fuel types: the canonical values of the search vocabulary (search-vocabulary.md),
 * shared by the catalog (which validates them) and search (which understands them).
 */
export const BODY_TYPES = ['SUV', 'Sedan', 'Truck', 'Coupe', 'Hatchback', 'Minivan', 'Convertible', 'Wagon', 'Van'] as const;
export const FUEL_TYPES = ['Gasoline', 'Diesel', 'Hybrid', 'Plug-in Hybrid', 'Electric'] as const;
