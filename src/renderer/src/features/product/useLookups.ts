import type { FieldOption } from '@renderer/components/Form';
import { useCustomerOptions, useMaterialOptions, useWarehouseOptions } from '@renderer/features/lookups';

export interface Lookups {
  /** Gases new cylinders may be registered with (enabled ones). */
  materials: FieldOption[];
  /** Every gas, for filters: a stopped gas's cylinders stay findable. */
  allMaterials: FieldOption[];
  warehouses: FieldOption[];
  customers: FieldOption[];
}

/** The cached choices of the cylinder screens (shared with every other screen through RTK Query). */
export function useLookups(): Lookups {
  return {
    materials: useMaterialOptions(false),
    allMaterials: useMaterialOptions(true),
    warehouses: useWarehouseOptions(),
    customers: useCustomerOptions(),
  };
}
