import { Stack } from '@mui/material';
import { HasPermission } from '@renderer/permission/Permission';
import { InspectStation } from './InspectStation';
import { TestRecords } from './TestRecords';

/** 检验管理: the post-fill inspection station (for users holding inspect:test) above the inspection records. */
export default function InspectPage() {
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <HasPermission keys={['inspect:test']}>
        <InspectStation />
      </HasPermission>
      <TestRecords />
    </Stack>
  );
}
