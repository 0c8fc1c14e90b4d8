import { ExceptionPage } from '../pages/exception/ExceptionPage';

/** /404 outside the layout (an unknown path, or a menu that names nothing), centred on the page. */
export default function NotFoundView() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <ExceptionPage type="404" />
    </div>
  );
}
