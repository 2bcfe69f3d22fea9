import type pg from 'pg';

/**
 * Fills a database for the catalogue benchmark in SQL: categories three levels deep,
 * makers, products, micromarkets and tags, with the tag indexes built after the load.
 */
export async function generateCatalogue(
  client: pg.Client,
  options: { products: number; tags: number; orgId: number; micromarkets?: number },
) {
  const { products, tags, orgId, micromarkets = 200 } = options;
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const started = performance.now();
    await client.query(sql, params);
    process.stdout.write(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  };
  await step(
    'categories (10 × 10 × 10)',
    `with l1 as (
       insert into categories (org_id, level, name, position)
       select $1, 1, 'Group ' || g, g from generate_series(1, 10) g returning id, position),
     l2 as (
       insert into categories (org_id, parent_id, level, name, position)
       select $1, l1.id, 2, 'Family ' || l1.position || '.' || g, g from l1, generate_series(1, 10) g returning id, name, position)
     insert into categories (org_id, parent_id, level, name, position)
     select $1, l2.id, 3, 'Kind ' || substr(l2.name, 8) || '.' || g, g from l2, generate_series(1, 10) g`,
    [orgId],
  );
  await step(
    'makers (200)',
    `insert into makers (org_id, name, country) select $1, 'Maker ' || g, (array['UA','PL','SK','IT','DE'])[1 + g % 5] from generate_series(1, 200) g`,
    [orgId],
  );
  await step(
    `products (${products.toLocaleString('en')})`,
    `insert into products (org_id, name, article, barcode, maker_id, category_id, sell_cost_minor, base_cost_minor, status)
     select $1,
            (array['Cola','Water','Juice','Sandwich','Salad','Yogurt','Chips','Almonds','Cheesecake','Latte','Soup','Wrap'])[1 + g % 12]
              || ' ' || (array['Classic','Zero','Fresh','Spicy','Light','Mega','Mini','Bio','Premium','Daily'])[1 + (g / 12) % 10]
              || ' ' || g,
            'ART-' || g, lpad(g::text, 13, '482'),
            (select min(id) from makers where org_id = $1) + g % 200,
            (select min(id) from categories where org_id = $1 and level = 3) + g % 1000,
            1000 + g % 9000, 600 + g % 5000,
            case when g % 50 = 0 then 'archived' when g % 17 = 0 then 'inactive' else 'active' end
     from generate_series(1, $2::int) g`,
    [orgId, products],
  );
  await step(
    `micromarkets (${micromarkets.toLocaleString('en')})`,
    `insert into micromarkets (org_id, name, serial_number) select $1, 'Bench market ' || g, 'BENCH-' || g from generate_series(1, $2::int) g`,
    [orgId, micromarkets],
  );
  const indexes = await client.query<{ indexdef: string; indexname: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'tags' and indexname not in ('tags_pkey', 'tags_code_unique')`,
  );
  for (const index of indexes.rows) await client.query(`drop index ${index.indexname}`);
  await step(
    `tags (${tags.toLocaleString('en')})`,
    `insert into tags (org_id, code, product_id, micromarket_id, status, store_up_to, created_at, updated_at)
     select $1,
            upper(lpad(to_hex(g), 24, 'E28011600000')),
            (p.first + (g::bigint * 7919) % $3::int)::int,
            case when r < 0.05 then null else m.first + g % $4::int end,
            case when r < 0.05 then 'new' when r < 0.15 then 'in_micromarket' when r < 0.85 then 'sold'
                 when r < 0.90 then 'removed' when r < 0.95 then 'written_off' else 'not_paid' end,
            now() - interval '400 days' + (g::float / $2::int) * interval '400 days' + interval '3 days',
            now() - interval '400 days' + (g::float / $2::int) * interval '400 days',
            now() - interval '400 days' + (g::float / $2::int) * interval '400 days'
     from generate_series(1, $2::int) g,
          lateral (select ((g * 2654435761::bigint) % 1000) / 1000.0 as r) random,
          (select min(id) as first from products where org_id = $1) p,
          (select min(id) as first from micromarkets where org_id = $1) m`,
    [orgId, tags, products, micromarkets],
  );
  for (const index of indexes.rows) await step(`index ${index.indexname}`, index.indexdef);
  await step('analyze', 'analyze');
}
