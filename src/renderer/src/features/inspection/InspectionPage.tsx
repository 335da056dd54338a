import { Stack } from '@mui/material';
import { HasPermission } from '@renderer/permission/Permission';
import { InspectionStation } from './InspectionStation';
import { InspectionRecords } from './InspectionRecords';

/** 检验管理: the post-fill inspection station (for users holding inspect:test) above the inspection records. */
export default function InspectionPage() {
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <HasPermission keys={['inspect:test']}>
        <InspectionStation />
      </HasPermission>
      <InspectionRecords />
    </Stack>
  );
}
