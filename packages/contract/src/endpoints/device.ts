import { defineEndpoint } from '../endpoint.js';
import { ZMicromarketOptions } from '../resources/tag.js';

export const deviceApi = {
  options: defineEndpoint({
    method: 'GET',
    path: '/v1/device/options',
    tag: 'micromarkets',
    summary: 'Micromarkets of the visible organisations, for pickers and filters',
    // The tag and storage screens filter by micromarket, so their viewers need the list too.
    permissions: ['show_products_tag_page', 'show_device_page', 'show_products_storage_page'],
    response: ZMicromarketOptions,
  }),
};
