/** GET /config: the map tiles and their attribution (tileUrl null: maps draw on a plain background, and nothing is fetched from a tile server). */
import type { PublicConfig } from '@domain/config';
import { api } from '../api';

export const mapConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicConfig: build.query<PublicConfig, void>({ query: () => '/config' }),
  }),
});

export const { usePublicConfigQuery } = mapConfigApi;
