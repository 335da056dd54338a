export { AppDialog, type AppDialogHandle, DEFAULT_DIALOG_WIDTH, SUBMIT_LOADING_MS, type AppDialogProps } from './AppDialog';
export { OverlayHostContext, useOverlayHost } from './overlayHost';
