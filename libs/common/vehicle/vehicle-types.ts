/**
 * The closed value sets of the search vocabulary (search-vocabulary.md): shared by the catalog
 * (which validates body and fuel types), inventory (which derives them from dealers' words) and
 * search (which understands them).
 */
export const BODY_TYPES = ['SUV', 'Sedan', 'Truck', 'Coupe', 'Hatchback', 'Minivan', 'Convertible', 'Wagon', 'Van'] as const;
export const FUEL_TYPES = ['Gasoline', 'Diesel', 'Hybrid', 'Plug-in Hybrid', 'Electric'] as const;
export const COLORS = ['Black', 'White', 'Silver', 'Gray', 'Red', 'Blue', 'Green', 'Brown', 'Beige', 'Gold', 'Orange', 'Yellow', 'Purple'] as const;
export const TRANSMISSIONS = ['Automatic', 'Manual'] as const;
export const DRIVE_TRAINS = ['AWD', '4WD', 'FWD', 'RWD'] as const;
