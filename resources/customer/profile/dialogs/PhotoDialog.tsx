import { Alert, Box, Button, DialogActions, DialogContent, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { PROFILE_PHOTO_MAX_BYTES } from '../../../../core/constants';
import type { CustomerProfile } from '../../../../dataProvider';
import { useDialogs } from '../../../../src/kit/layout/dialogs';
import { KitDialog } from '../../../../src/kit/layout/KitDialog';
import { uploadCustomerPhoto } from '../../../../core/api/customers';
import { useCustomerWrite } from '../useProfile';
import { cropToSquare, loadImage, openCamera } from './cropImage';
import type { OpenDialogProps } from '../../../../src/kit/components/FormDialog';
import '../messages';

/**
 * Add profile photo: a file (at most 716800 bytes, else 'File is too big!') or a camera shot, cropped
 * to 300 px, previewed, then POST /customer/{id}/profile-picture; 'Photo updated!'.
 */
/** The photo as POST /customer/{id}/photo takes it (multipart). */
function photoForm(photo: Blob) {
  const form = new FormData();
  form.append('file', photo, 'photo.jpg');
  return form;
}

export function PhotoDialog({ open, onClose, customer }: OpenDialogProps & { customer: CustomerProfile }) {
  const translate = useTranslate();
  const write = useCustomerWrite(uploadCustomerPhoto);
  const { run, notifySuccess, showError } = useDialogs();
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const preview = usePreviewUrl(photo);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
    return () => stream?.getTracks().forEach((track) => track.stop());
  }, [stream]);

  function close() {
    setStream(null);
    setPhoto(null);
    setProblem(null);
    onClose();
  }

  async function choose(file: File | undefined) {
    if (!file) return;
    setStream(null);
    if (file.size > PROFILE_PHOTO_MAX_BYTES) {
      setPhoto(null);
      return setProblem('customer_profile.photo_dialog.too_big');
    }
    setProblem(null);
    try {
      setPhoto(await cropToSquare(await loadImage(file)));
    } catch (error) {
      showError(error);
    }
  }

  async function startCamera() {
    setProblem(null);
    const opened = await openCamera().catch((error: unknown) => { showError(error); return undefined; });
    if (opened === null) return window.alert(translate('customer_profile.photo_dialog.no_devices'));
    if (opened) setStream(opened);
  }

  async function capture() {
    if (!video.current) return;
    setPhoto(await cropToSquare(video.current));
    setStream(null);
  }

  async function upload() {
    if (!photo) return;
    if (!(await run(() => write.mutateAsync({ params: { id: customer.ID }, body: photoForm(photo) })))) return;
    notifySuccess('customer_profile.photo_dialog.updated');
    close();
  }

  return (
    <KitDialog open={open} onClose={close} maxWidth="xs" title={translate('customer_profile.photo_dialog.title')}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }} alignItems="center">
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" component="label">
              {translate('customer_profile.photo_dialog.choose')}
              <input hidden type="file" accept="image/*" aria-label={translate('customer_profile.photo_dialog.choose')} onChange={(e) => choose(e.target.files?.[0])} />
            </Button>
            <Button variant="outlined" onClick={startCamera}>{translate('customer_profile.photo_dialog.camera')}</Button>
          </Stack>
          {problem && <Alert severity="error">{translate(problem)}</Alert>}
          {stream && (
            <Stack spacing={1} alignItems="center">
              <Box component="video" ref={video} muted playsInline sx={{ width: 300, maxWidth: '100%' }} />
              <Button onClick={capture}>{translate('customer_profile.photo_dialog.capture')}</Button>
            </Stack>
          )}
          {preview && <Box component="img" src={preview} alt="" sx={{ width: 150, height: 150, borderRadius: '50%' }} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('customer_profile.cancel')}</Button>
        <Button variant="contained" disabled={!photo} onClick={upload}>{translate('customer_profile.photo_dialog.upload')}</Button>
      </DialogActions>
    </KitDialog>
  );
}

/** An object URL of `blob` for an <img>, revoked when it changes. */
function usePreviewUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
