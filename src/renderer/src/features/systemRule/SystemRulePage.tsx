import { useRef, useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { SystemRules } from '@shared/api/systemRule';
import { Form, type FormHandle, type FormValues } from '@renderer/components/Form';
import { PageLoading } from '@renderer/components/PageLoading';
import { lookupsApi } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { changedRules, RULE_GROUPS, ruleField } from './ruleGroups';
import { systemRuleApi } from './systemRuleApi';

/** 系统规则: the switches and limits the server enforces, by section. */
export default function SystemRulePage() {
  const { data, isLoading } = lookupsApi.useSystemRulesQuery();
  if (isLoading || !data) return <PageLoading />;
  // Saved: the form starts over from the rules now in force.
  return <RuleForm key={JSON.stringify(data)} saved={data} />;
}

function RuleForm({ saved }: { saved: SystemRules }) {
  const t = useT();
  const canSave = usePermission(['systemRule:save']);
  const [values, setValues] = useState<FormValues>(saved);
  const [saving, setSaving] = useState(false);
  const forms = useRef<(FormHandle | null)[]>([]);
  const [save] = systemRuleApi.useSaveSystemRulesMutation();
  // 充装人员须持有效作业证: who would be refused once it is on.
  const { data: uncertified } = systemRuleApi.useUncertifiedFillersQuery();
  const hintOf = (key: string): string | undefined => {
    if (key !== 'fillerCertRequired' || !uncertified) return undefined;
    return uncertified.length
      ? t('systemRule.uncertifiedFillers', { count: uncertified.length, names: uncertified.slice(0, 10).map((u) => `${u.name}（${u.problem}）`).join('、') })
      : t('systemRule.allFillersCertified');
  };

  const submit = async () => {
    // Every section checked, so each shows its messages at once.
    const valid = forms.current.map((f) => f?.validate().valid ?? true).every(Boolean);
    if (!valid) return;
    const changed = changedRules(saved, values);
    if (Object.keys(changed).length === 0) return notify(t('systemRule.unchanged'), 'info');
    setSaving(true);
    try {
      // The rules query is invalidated: the form then starts over from the rules now in force.
      await save(changed).unwrap();
      notify(t('common.saved'), 'success');
    } catch {
      // The HTTP client showed the refusal; what was typed stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
      <Stack spacing={2} sx={{ maxWidth: 880 }}>
        {RULE_GROUPS.map((group, i) => (
          <Paper key={group.title} variant="outlined" sx={{ p: 2 }} component="section" aria-label={t(group.title)}>
            <Typography variant="subtitle1" sx={{ mb: 1 }}>{t(group.title)}</Typography>
            <Form ref={(f) => void (forms.current[i] = f)} fields={group.rules.map((r) => ruleField(r.key, r.label, t, hintOf(r.key)))} values={values}
              onChange={setValues} defaultSpan={12} disabled={!canSave} />
          </Paper>
        ))}
        {canSave && (
          <Box>
            <Button variant="contained" onClick={() => void submit()} loading={saving}>{t('common.save')}</Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
