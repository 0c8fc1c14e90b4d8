/** The upload widgets' code loaders, apart from the rest so a form pulls them in only when shown. */
import type { WidgetLoader } from '../registry';

export const uploadWidgetLoader: WidgetLoader = () => import('./UploadWidget');
export const imageWidgetLoader: WidgetLoader = () => import('./ImageWidget');
