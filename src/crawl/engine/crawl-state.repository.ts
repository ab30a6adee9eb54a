import type { Db } from '../../platform/db/database.ts';
import { isoNow } from '../../platform/lib/time.ts';
import type { ConversionStore, SellerNameStore } from '../vocabulary/crawl.types.ts';

/** GTIN → product id / item code mappings kept in the database, shared by every worker. */
export function createConversionStore(db: Db): ConversionStore {
  return {
    async get(source, country, gtin) {
      const row = await db
        .selectFrom('conversions')
        .select('product_id')
        .where('source', '=', source)
        .where('country', '=', country)
        .where('gtin', '=', gtin)
        .executeTakeFirst();
      return row?.product_id;
    },
    async set(source, country, gtin, productId) {
      await db
        .insertInto('conversions')
        .values({ source, country, gtin, product_id: productId, updated_at: isoNow() })
        .onConflict((c) =>
          c
            .columns(['source', 'country', 'gtin'])
            .doUpdateSet({ product_id: productId, updated_at: isoNow() }),
        )
        .execute();
    },
    async remove(source, country, gtin) {
      const row = await db
        .deleteFrom('conversions')
        .where('source', '=', source)
        .where('country', '=', country)
        .where('gtin', '=', gtin)
        .returning('product_id')
        .executeTakeFirst();
      return row?.product_id;
    },
  };
}

/** Marketplace seller names learnt from seller pages, kept across jobs. */
export function createSellerNameStore(db: Db): SellerNameStore {
  return {
    async getMany(source, sellerIds) {
      if (sellerIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('seller_names')
        .select(['seller_id', 'name'])
        .where('source', '=', source)
        .where('seller_id', 'in', [...sellerIds])
        .execute();
      return new Map(rows.map((row) => [row.seller_id, row.name]));
    },
    async set(source, sellerId, name) {
      await db
        .insertInto('seller_names')
        .values({ source, seller_id: sellerId, name, updated_at: isoNow() })
        .onConflict((c) => c.columns(['source', 'seller_id']).doUpdateSet({ name, updated_at: isoNow() }))
        .execute();
    },
  };
}
