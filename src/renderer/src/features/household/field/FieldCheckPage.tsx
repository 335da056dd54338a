import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Box, Button, IconButton, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { CHECK_MAX_PHOTOS, HOUSEHOLD, type HazardLevel } from '@shared/api/household';
import { SignatureField } from '@renderer/features/trip';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { failureOf, newScanId } from '@renderer/stations/scan';
import { callEndpoint } from '@renderer/store/endpoints';
import { householdApi } from '../householdApi';
import { HouseholdCard } from './HouseholdCard';
import { refreshKeptHousehold } from './householdCopy';
import { photoOfFile } from './photoFile';

type Verdict = { ok: boolean; level: HazardLevel };
type Notice = { kind: 'success' | 'error'; text: string } | null;

/**
 * /field/household/:id/check, 入户安检: every enabled item of the checklist judged 合格 or 有隐患 (at the item's level
 * unless changed), up to 3 photos from the camera (compressed here to ≤ 200 KB), the user's signature. The check's id
 * is chosen when the page opens: sending it again (a lost answer) records it once.
 */
export default function FieldCheckPage() {
  const t = useT();
  const lang = useLanguage();
  const id = Number(useParams().id);
  const { data: user } = householdApi.useHouseholdBriefQuery({ id });
  const { data: allItems } = householdApi.useCheckItemsQuery();
  const items = useMemo(() => (allItems ?? []).filter((i) => i.status === 1), [allItems]);
  const [verdicts, setVerdicts] = useState<Record<number, Verdict>>({});
  const [photos, setPhotos] = useState<string[]>([]);
  const [signature, setSignature] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [sending, setSending] = useState(false);
  const checkId = useRef(newScanId());
  const file = useRef<HTMLInputElement>(null);

  const verdictOf = (itemId: number, level: string): Verdict => verdicts[itemId] ?? { ok: true, level: level as HazardLevel };
  const set = (itemId: number, v: Verdict) => setVerdicts((all) => ({ ...all, [itemId]: v }));

  const addPhoto = async (picked: File | undefined) => {
    if (!picked) return;
    const jpeg = await photoOfFile(picked);
    if (!jpeg) setNotice({ kind: 'error', text: t('field.household.photoFailed') });
    else setPhotos((list) => [...list, jpeg].slice(0, CHECK_MAX_PHOTOS));
  };

  const submit = async () => {
    if (!signature) {
      setNotice({ kind: 'error', text: t('field.household.signFirst') });
      return;
    }
    setSending(true);
    try {
      const results = items.map((i) => {
        const v = verdictOf(i.id, i.level);
        return v.ok ? { itemId: i.id, ok: true } : { itemId: i.id, ok: false, level: v.level };
      });
      const saved = await callEndpoint(HOUSEHOLD.check, { householdId: id, checkId: checkId.current, results, photos, signature, remark }, { silent: true, action: true });
      setNotice({ kind: 'success', text: t('field.household.checkSaved', { hazards: saved.hazards, major: saved.major }) });
      // The device's copy (offline deliveries) judges by the last check and the open hazards: read this user again.
      void refreshKeptHousehold(id);
    } catch (e) {
      setNotice({ kind: 'error', text: failureOf(e).message ?? t('field.household.noNetwork') });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 560, mx: 'auto' }}>
      <Stack spacing={2}>
        {user && <HouseholdCard user={user} />}
        {items.map((i) => {
          const v = verdictOf(i.id, i.level);
          const name = lang === 'en' && i.nameEn ? i.nameEn : i.name;
          return (
            <Stack key={i.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ flex: 1 }}>{name}</Typography>
              <ToggleButtonGroup exclusive size="small" value={v.ok ? 'ok' : 'bad'} aria-label={name}
                onChange={(_e, next: string | null) => next && set(i.id, { ...v, ok: next === 'ok' })}>
                <ToggleButton value="ok" color="success">{t('household.ok')}</ToggleButton>
                <ToggleButton value="bad" color="error">{t('household.bad')}</ToggleButton>
              </ToggleButtonGroup>
              {!v.ok && (
                <TextField select size="small" value={v.level} onChange={(e) => set(i.id, { ...v, level: e.target.value as HazardLevel })}
                  slotProps={{ htmlInput: { 'aria-label': `${name} ${t('household.level')}` } }}>
                  <MenuItem value="major">{t('household.level.major')}</MenuItem>
                  <MenuItem value="minor">{t('household.level.minor')}</MenuItem>
                </TextField>
              )}
            </Stack>
          );
        })}
        <Box>
          <Typography variant="subtitle2">{t('household.photos')}（{t('field.household.photoHint', { max: CHECK_MAX_PHOTOS })}）</Typography>
          <Stack direction="row" spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
            {photos.map((p, n) => (
              <Box key={n} sx={{ position: 'relative' }}>
                <Box component="img" src={p} alt={`${t('household.photos')} ${n + 1}`} sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }} />
                <IconButton size="small" aria-label={t('field.household.removePhoto')} sx={{ position: 'absolute', top: 0, right: 0, bgcolor: 'background.paper' }}
                  onClick={() => setPhotos((list) => list.filter((_x, k) => k !== n))}><DeleteIcon fontSize="small" /></IconButton>
              </Box>
            ))}
          </Stack>
          <input ref={file} type="file" accept="image/*" capture="environment" hidden data-testid="photo-input"
            onChange={(e) => { void addPhoto(e.target.files?.[0]); e.target.value = ''; }} />
          <Button variant="outlined" disabled={photos.length >= CHECK_MAX_PHOTOS} onClick={() => file.current?.click()}>{t('field.household.addPhoto')}</Button>
        </Box>
        <SignatureField label={t('household.signature')} onChange={setSignature} />
        <TextField label={t('household.remark')} value={remark} onChange={(e) => setRemark(e.target.value)} slotProps={{ htmlInput: { maxLength: 255 } }} />
        {notice && <Alert severity={notice.kind} data-testid="check-notice">{notice.text}</Alert>}
        <Button variant="contained" size="large" loading={sending} disabled={items.length === 0} onClick={() => void submit()}>{t('field.household.submitCheck')}</Button>
      </Stack>
    </Box>
  );
}
