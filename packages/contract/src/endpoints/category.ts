import { defineEndpoint } from '../endpoint.js';
import {
  ZCategoryInfo,
  ZCategoryList,
  ZCategoryTree,
  ZCategoryTreeQuery,
  ZCreateCategory,
  ZListCategoriesQuery,
  ZReorderCategories,
  ZUpdateCategory,
} from '../resources/category.js';
import { exportQueryOf, ZFileDownload, ZIdParam, ZOk } from '../resources/common.js';

const tag = 'categories';
const view = ['show_categories_page'] as const;
/** The tree feeds the product form's picker, so the product screens may read it too. */
const pick = ['show_categories_page', 'show_products_page'] as const;
const edit = ['edit_categories'] as const;

export const categoryApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/category/list',
    tag,
    summary: 'Children of one parent (the top level without parent_id), with product and child counts',
    permissions: view,
    query: ZListCategoriesQuery,
    response: ZCategoryList,
    errors: [404],
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/v1/category/export',
    tag,
    summary: 'The categories of one level as the list filters them, as CSV or XLSX',
    permissions: view,
    query: exportQueryOf(ZListCategoriesQuery),
    response: ZFileDownload,
    format: 'file',
    errors: [404],
  }),
  tree: defineEndpoint({
    method: 'GET',
    path: '/v1/category/tree',
    tag,
    summary: 'Every visible category as a flat list, for pickers',
    permissions: pick,
    query: ZCategoryTreeQuery,
    response: ZCategoryTree,
    errors: [404],
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/v1/category/info/:id',
    summary: 'A product category',
    tag,
    permissions: view,
    params: ZIdParam,
    response: ZCategoryInfo,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/category/create',
    tag,
    summary: 'Create a category at the end of its level',
    permissions: edit,
    body: ZCreateCategory,
    response: ZCategoryInfo,
    errors: [404, 409],
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/v1/category/update/:id',
    summary: 'Change a product category',
    tag,
    permissions: edit,
    params: ZIdParam,
    body: ZUpdateCategory,
    response: ZCategoryInfo,
    errors: [409],
  }),
  reorder: defineEndpoint({
    method: 'POST',
    path: '/v1/category/reorder',
    tag,
    summary: 'Set the order of all children of one parent',
    permissions: edit,
    body: ZReorderCategories,
    response: ZOk,
    errors: [404],
  }),
  /** 409 names how many products or subcategories still hang on the category. */
  delete: defineEndpoint({
    method: 'POST',
    path: '/v1/category/delete/:id',
    tag,
    summary: 'Delete a category without subcategories or products',
    permissions: edit,
    params: ZIdParam,
    response: ZOk,
    errors: [409],
  }),
};
