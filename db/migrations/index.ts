import type { Migration } from "kysely";
import * as m0001 from "./2026_11_21_0001_create_accounts_and_access.ts";
import * as m0002 from "./2026_11_21_0002_create_media_and_galleries.ts";
import * as m0003 from "./2026_11_21_0003_create_epapers_and_pages.ts";
import * as m0004 from "./2026_11_21_0004_create_page_media.ts";
import * as m0005 from "./2026_11_21_0005_create_publishing_and_shop.ts";
import * as m0006 from "./2026_11_21_0006_create_news_mail_and_preferences.ts";
import * as m0007 from "./2026_11_21_0007_add_render_farm_columns.ts";
import * as m0008 from "./2026_11_21_0008_add_test_phase_notified.ts";
import * as m0009 from "./2026_11_24_0009_readable_reader_controls.ts";
import * as m0010 from "./2026_11_24_0010_folder_listing_indexes.ts";
import * as m0011 from "./2026_11_24_0011_page_operations.ts";
import * as m0012 from "./2026_11_26_0012_shop_webhook_events.ts";
import * as m0013 from "./2026_11_26_0013_support_audit.ts";
import * as m0014 from "./2026_11_26_0014_shop_debug_indexes.ts";
import * as m0015 from "./2026_11_27_0015_process_recovery.ts";
import * as m0016 from "./2026_11_27_0016_upload_widget_affiliate.ts";
import * as m0017 from "./2026_11_27_0017_readership_statistics.ts";
import * as m0018 from "./2026_11_27_0018_channel_statistics_index.ts";
import * as m0019 from "./2026_11_27_0019_zip_statistics.ts";
import * as m0020 from "./2026_11_27_0020_api_keys.ts";
import * as m0021 from "./2026_11_28_0021_webhooks.ts";
import * as m0022 from "./2026_11_28_0022_api_idempotency.ts";
import * as m0023 from "./2026_12_07_0023_sealed_mail_secrets.ts";
import * as m0024 from "./2026_12_07_0024_webhook_attempt_details.ts";
import * as m0025 from "./2026_12_07_0025_toc_enabled_chosen.ts";
import * as m0026 from "./2026_12_07_0026_shop_offer_prices.ts";
import * as m0027 from "./2026_12_08_0027_page_ocr.ts";

/**
 * Every migration, by name. Listed statically (not read from the folder at run time) so the
 * same code runs under tsx, Vitest and a bundled build. NOTE: add each new migration here.
 */
export const migrations: Record<string, Migration> = {
  "2026_11_21_0001_create_accounts_and_access": m0001,
  "2026_11_21_0002_create_media_and_galleries": m0002,
  "2026_11_21_0003_create_epapers_and_pages": m0003,
  "2026_11_21_0004_create_page_media": m0004,
  "2026_11_21_0005_create_publishing_and_shop": m0005,
  "2026_11_21_0006_create_news_mail_and_preferences": m0006,
  "2026_11_21_0007_add_render_farm_columns": m0007,
  "2026_11_21_0008_add_test_phase_notified": m0008,
  "2026_11_24_0009_readable_reader_controls": m0009,
  "2026_11_24_0010_folder_listing_indexes": m0010,
  "2026_11_24_0011_page_operations": m0011,
  "2026_11_26_0012_shop_webhook_events": m0012,
  "2026_11_26_0013_support_audit": m0013,
  "2026_11_26_0014_shop_debug_indexes": m0014,
  "2026_11_27_0015_process_recovery": m0015,
  "2026_11_27_0016_upload_widget_affiliate": m0016,
  "2026_11_27_0017_readership_statistics": m0017,
  "2026_11_27_0018_channel_statistics_index": m0018,
  "2026_11_27_0019_zip_statistics": m0019,
  "2026_11_27_0020_api_keys": m0020,
  "2026_11_28_0021_webhooks": m0021,
  "2026_11_28_0022_api_idempotency": m0022,
  "2026_12_07_0023_sealed_mail_secrets": m0023,
  "2026_12_07_0024_webhook_attempt_details": m0024,
  "2026_12_07_0025_toc_enabled_chosen": m0025,
  "2026_12_07_0026_shop_offer_prices": m0026,
  "2026_12_08_0027_page_ocr": m0027,
};
