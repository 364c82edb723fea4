/** GET /config: the map tile URL (null: maps draw on a plain background, and nothing is fetched from a tile server). */
import type { PublicConfig } from '@domain/config';
import { api } from '../../app/api';

export const mapConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicConfig: build.query<PublicConfig, void>({ query: () => '/config' }),
  }),
});

export const { usePublicConfigQuery } = mapConfigApi;
