import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../lib/i18n/i18n';

/**
 * What a place search result is, in the rider's language, from the stable type code the server sends
 * (`LocationSearchResult.type`): the gazetteer's country, state, city, town, village and suburb, and
 * the types a remote geocoder (Nominatim's addresstype, Photon's type or OpenStreetMap value) gives
 * most often. Any other code reads "Place": the code is a word of a service's, not a text.
 */
const PLACE_TYPES: Record<string, MessageDescriptor> = {
  country: msg({ message: 'Country', comment: 'The type of a place search result' }),
  state: msg({ message: 'State', comment: 'The type of a place search result: a first-level region (a US state, an Italian region, a German Land, a Polish voivodeship)' }),
  region: msg({ message: 'Region', comment: 'The type of a place search result' }),
  county: msg({ message: 'County', comment: 'The type of a place search result: a second-level region (a county, a province)' }),
  municipality: msg({ message: 'Municipality', comment: 'The type of a place search result' }),
  city: msg({ message: 'City', comment: 'The type of a place search result' }),
  town: msg({ message: 'Town', comment: 'The type of a place search result' }),
  village: msg({ message: 'Village', comment: 'The type of a place search result' }),
  hamlet: msg({ message: 'Hamlet', comment: 'The type of a place search result' }),
  suburb: msg({ message: 'District', comment: 'The type of a place search result: a part of a city' }),
  district: msg({ message: 'District', comment: 'The type of a place search result: a part of a city' }),
  neighbourhood: msg({ message: 'Neighbourhood', comment: 'The type of a place search result' }),
  locality: msg({ message: 'Locality', comment: 'The type of a place search result: a named place that is no town' }),
  road: msg({ message: 'Road', comment: 'The type of a place search result' }),
  street: msg({ message: 'Road', comment: 'The type of a place search result' }),
  house: msg({ message: 'Address', comment: 'The type of a place search result: a street address' }),
  building: msg({ message: 'Building', comment: 'The type of a place search result' }),
  postcode: msg({ message: 'Postcode', comment: 'The type of a place search result' }),
  mountain_pass: msg({ message: 'Mountain pass', comment: 'The type of a place search result' }),
  peak: msg({ message: 'Peak', comment: 'The type of a place search result: a mountain top' }),
  fuel: msg({ message: 'Fuel station', comment: 'The type of a place search result' }),
  parking: msg({ message: 'Parking', comment: 'The type of a place search result' }),
  viewpoint: msg({ message: 'Viewpoint', comment: 'The type of a place search result' }),
};
PLACE_TYPES.neighborhood = PLACE_TYPES.neighbourhood!;
const ANY_PLACE = msg({ message: 'Place', comment: 'The type of a place search result the app has no word for' });

/** "city" -> "Miasto" for a Polish rider; an unknown code -> "Place" in the rider's language. */
export function placeTypeLabel(type: string): string {
  return i18n._(Object.hasOwn(PLACE_TYPES, type) ? PLACE_TYPES[type]! : ANY_PLACE);
}
