import { TabbedPage, type PageTab } from '@renderer/components/TabbedPage';
import { ChecklistTab } from './ChecklistTab';
import { ChecksTab, DeliveriesTab, HazardsTab } from './HouseholdRecordsTabs';
import { HouseholdUsersTab } from './HouseholdUsersTab';

const TABS: readonly PageTab[] = [
  { label: 'household.tabUsers', Screen: HouseholdUsersTab },
  { label: 'household.tabChecks', Screen: ChecksTab },
  { label: 'household.tabHazards', Screen: HazardsTab },
  { label: 'household.tabDeliveries', Screen: DeliveriesTab },
  { label: 'household.tabItems', Screen: ChecklistTab },
];

/** 液化气用户 (/storage/household): the register, its safety checks, hazards, deliveries and the checklist. */
export default function HouseholdPage() {
  return <TabbedPage tabs={TABS} />;
}
