import type { Migration } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_files';
import * as m0003 from './0003_master_data';
import * as m0004 from './0004_cylinder_list_indexes';
import * as m0005 from './0005_case_insensitive_codes';
import * as m0006 from './0006_file_links';
import * as m0007 from './0007_sign_in_failures';
import * as m0008 from './0008_lifecycle';
import * as m0009 from './0009_storage';
import * as m0010 from './0010_administration';
import * as m0011 from './0011_plant_rules';
import * as m0012 from './0012_trace_daily';
import * as m0013 from './0013_messages';
import * as m0014 from './0014_quality';
import * as m0015 from './0015_dashboard';
import * as m0016 from './0016_settings';
import * as m0018 from './0018_labels';
import * as m0019 from './0019_scale_out';
import * as m0020 from './0020_documents';
import * as m0021 from './0021_offline';
import * as m0022 from './0022_scan_times';
import * as m0023 from './0023_orders_and_notices';
import * as m0026 from './0026_cylinder_place';
import * as m0027 from './0027_due_counts';
import * as m0028 from './0028_outbound_events';
import * as m0029 from './0029_backups';
import * as m0030 from './0030_fill_cycle';
import * as m0031 from './0031_outbox';
import * as m0032 from './0032_api_keys';
import * as m0033 from './0033_webhooks';
import * as m0034 from './0034_api_key_rate';
import * as m0035 from './0035_regulator';
import * as m0036 from './0036_outbox_quiet';
import * as m0037 from './0037_trips';
import * as m0038 from './0038_audits';
import * as m0039 from './0039_households';
import * as m0040 from './0040_custody';
import * as m0041 from './0041_rental';
import * as m0042 from './0042_portal';
import * as m0043 from './0043_trip_found_by_audit';
import * as m0044 from './0044_outbox_without_cylinder';

/**
 * Every migration, in order. Listed statically (not read from disk) so the bundled server carries them.
 * Never rename or edit a shipped entry; add a new one.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_files': m0002,
  '0003_master_data': m0003,
  '0004_cylinder_list_indexes': m0004,
  '0005_case_insensitive_codes': m0005,
  '0006_file_links': m0006,
  '0007_sign_in_failures': m0007,
  '0008_lifecycle': m0008,
  '0009_storage': m0009,
  '0010_administration': m0010,
  '0011_plant_rules': m0011,
  '0012_trace_daily': m0012,
  '0013_messages': m0013,
  '0014_quality': m0014,
  '0015_dashboard': m0015,
  '0016_settings': m0016,
  '0018_labels': m0018,
  '0019_scale_out': m0019,
  '0020_documents': m0020,
  '0021_offline': m0021,
  '0022_scan_times': m0022,
  '0023_orders_and_notices': m0023,
  '0026_cylinder_place': m0026,
  '0027_due_counts': m0027,
  '0028_outbound_events': m0028,
  '0029_backups': m0029,
  '0030_fill_cycle': m0030,
  '0031_outbox': m0031,
  '0032_api_keys': m0032,
  '0033_webhooks': m0033,
  '0034_api_key_rate': m0034,
  '0035_regulator': m0035,
  '0036_outbox_quiet': m0036,
  '0037_trips': m0037,
  '0038_audits': m0038,
  '0039_households': m0039,
  '0040_custody': m0040,
  '0041_rental': m0041,
  '0042_portal': m0042,
  '0043_trip_found_by_audit': m0043,
  '0044_outbox_without_cylinder': m0044,
};
