export interface ConversionsTable {
  source: string;
  country: string;
  gtin: string;
  product_id: string;
  updated_at: string;
}

export interface SellerNamesTable {
  source: string;
  seller_id: string;
  name: string;
  updated_at: string;
}
