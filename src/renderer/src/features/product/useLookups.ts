import { useEffect, useState } from 'react';
import type { FieldOption } from '@renderer/components/Form';
import { fetchCustomerOptions, fetchMaterialOptions, fetchWarehouseOptions } from './productApi';

export interface Lookups {
  materials: FieldOption[];
  warehouses: FieldOption[];
  customers: FieldOption[];
}

const none: Lookups = { materials: [], warehouses: [], customers: [] };
const orEmpty = <T,>(p: Promise<T[]>): Promise<T[]> => p.catch(() => []);

/** Gas, warehouse and customer choices for the cylinder forms and filters, loaded once per screen. */
export function useLookups(): Lookups {
  const [lookups, setLookups] = useState<Lookups>(none);
  useEffect(() => {
    let live = true;
    void Promise.all([orEmpty(fetchMaterialOptions()), orEmpty(fetchWarehouseOptions()), orEmpty(fetchCustomerOptions())]).then(([m, w, c]) => {
      if (!live) return;
      setLookups({
        materials: m.map((x) => ({ label: x.materialName, value: x.id })),
        warehouses: w.map((x) => ({ label: x.warehouseName, value: x.id })),
        customers: c.map((x) => ({ label: x.enterpriseName, value: x.id })),
      });
    });
    return () => void (live = false);
  }, []);
  return lookups;
}
