/** A dealership's region: an ISO 3166-1 alpha-2 country code, upper case (shared by dealership and partner-integration). */
export const REGION_PATTERN = /^[A-Z]{2}$/;
