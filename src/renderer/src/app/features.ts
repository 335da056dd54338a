import { aboutFeature } from '@renderer/features/about/manifest';
import { auditFeature } from '@renderer/features/audit/manifest';
import { companyFeature } from '@renderer/features/company/manifest';
import { connectFeature } from '@renderer/features/connect/manifest';
import { deptFeature } from '@renderer/features/dept/manifest';
import { periodicInspectionFeature } from '@renderer/features/periodicInspection/manifest';
import { portalFeature } from '@renderer/features/portal/manifest';
import { dictionaryFeature } from '@renderer/features/dictionary/manifest';
import { fieldFeature } from '@renderer/features/field/manifest';
import { enterpriseFeature } from '@renderer/features/enterprise/manifest';
import type { FeatureManifest } from '@renderer/features/feature';
import { homeFeature } from '@renderer/features/home/manifest';
import { householdFeature } from '@renderer/features/household/manifest';
import { inspectionFeature } from '@renderer/features/inspection/manifest';
import { labelFeature } from '@renderer/features/label/manifest';
import { logFeature } from '@renderer/features/log/manifest';
import { machineFeature } from '@renderer/features/machine/manifest';
import { materialFeature } from '@renderer/features/material/manifest';
import { menuFeature } from '@renderer/features/menu/manifest';
import { modelingFeature } from '@renderer/features/modeling/manifest';
import { offlineFeature } from '@renderer/features/offline/manifest';
import { messageFeature } from '@renderer/features/message/manifest';
import { passwordFeature } from '@renderer/features/password/manifest';
import { productionFeature } from '@renderer/features/production/manifest';
import { productFeature } from '@renderer/features/product/manifest';
import { qualityFeature } from '@renderer/features/quality/manifest';
import { reportFeature } from '@renderer/features/report/manifest';
import { inspectionItemFeature } from '@renderer/features/inspectionItem/manifest';
import { roleFeature } from '@renderer/features/role/manifest';
import { storageFeature } from '@renderer/features/storage/manifest';
import { systemRuleFeature } from '@renderer/features/systemRule/manifest';
import { backupFeature } from '@renderer/features/backup/manifest';
import { apiKeyFeature } from '@renderer/features/apiKey/manifest';
import { webhookFeature } from '@renderer/features/webhook/manifest';
import { regulatorFeature } from '@renderer/features/regulator/manifest';
import { rentalFeature } from '@renderer/features/rental/manifest';
import { tripFeature } from '@renderer/features/trip/manifest';
import { traceFeature } from '@renderer/features/trace/manifest';
import { transportFeature } from '@renderer/features/transport/manifest';
import { userFeature } from '@renderer/features/user/manifest';
import { warehouseFeature } from '@renderer/features/warehouse/manifest';
import { webviewFeature } from '@renderer/features/webview/manifest';
import { addMessages, addMessagesLoader } from '@renderer/i18n/dictionaries';
import { registerTagTypes } from '@renderer/store/api';

/**
 * The one list of features. Routes, tab titles, the keys that open a screen, cache tags and texts all come
 * from the features' manifests (features/<name>/manifest.ts); a new feature adds its manifest here.
 */
export const FEATURES: readonly FeatureManifest[] = [
  homeFeature, userFeature, roleFeature, menuFeature, deptFeature, logFeature, companyFeature, dictionaryFeature,
  systemRuleFeature, machineFeature, productFeature, periodicInspectionFeature, materialFeature, warehouseFeature, enterpriseFeature,
  inspectionItemFeature, productionFeature, inspectionFeature, traceFeature, storageFeature, qualityFeature,
  connectFeature, aboutFeature, passwordFeature, messageFeature,
  labelFeature, reportFeature, modelingFeature, offlineFeature, webviewFeature, backupFeature, apiKeyFeature, webhookFeature,
  regulatorFeature,
  transportFeature,
  // The field app's shell, then the features with field screens (the home lists them in this order: trips first).
  fieldFeature, tripFeature,
  auditFeature, householdFeature,
  portalFeature, rentalFeature,
];

let registered = false;

/** Registers the features' texts (or their loaders) and cache tags; once, before the app renders. */
export function registerFeatures(): void {
  if (registered) return;
  registered = true;
  for (const { messages } of FEATURES) {
    if (typeof messages === 'function') addMessagesLoader(messages);
    else if (messages) addMessages(messages);
  }
  registerTagTypes(FEATURES.flatMap((f) => f.tags ?? []));
}
