import { defineEndpoint } from '../endpoint.js';
import { exportQueryOf, ZFileDownload, ZIdParam, ZOk } from '../resources/common.js';
import { ZCreateMaker, ZListMakersQuery, ZMaker, ZMakerList, ZUpdateMaker } from '../resources/maker.js';

const tag = 'makers';
/** The list also feeds the product form's maker picker. */
const view = ['show_maker_page', 'show_products_page'] as const;
const edit = ['edit_makers'] as const;

export const makerApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/maker/list',
    tag,
    summary: 'Makers of the visible organisations with their product counts',
    permissions: view,
    query: ZListMakersQuery,
    response: ZMakerList,
    errors: [404],
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/v1/maker/export',
    tag,
    summary: 'The filtered maker list as CSV or XLSX, in its sort order',
    permissions: view,
    query: exportQueryOf(ZListMakersQuery),
    response: ZFileDownload,
    format: 'file',
    errors: [404],
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/maker/info/:id',
    summary: 'A product maker',
    tag,
    permissions: view,
    params: ZIdParam,
    response: ZMaker,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/maker/create',
    tag,
    summary: 'Create a maker in org_id, or in the caller’s organisation',
    permissions: edit,
    body: ZCreateMaker,
    response: ZMaker,
    errors: [404, 409],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/maker/update/:id',
    summary: 'Change a product maker',
    tag,
    permissions: edit,
    params: ZIdParam,
    body: ZUpdateMaker,
    response: ZMaker,
    errors: [409],
  }),
  /** 409 while products still name the maker. */
  delete: defineEndpoint({
    method: 'POST',
    path: '/v1/maker/delete/:id',
    tag,
    summary: 'Delete a maker no product refers to',
    permissions: edit,
    params: ZIdParam,
    response: ZOk,
    errors: [409],
  }),
};
