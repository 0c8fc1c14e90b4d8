import { Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config';
import './UserLayout.css';

/** The login area (spec §2): product title at left, the routed view at right. */
export default function UserLayout() {
  return (
    <div className="user-layout">
      <section className="user-layout__brand">
        <h1 className="user-layout__title">{PRODUCT_NAME}</h1>
        <div className="user-layout__subtitle">内部员工专用</div>
      </section>
      <main className="user-layout__main">
        <div className="user-layout__panel">
          <Outlet />
        </div>
        <footer className="user-layout__footer">Copyright 2025 {PRODUCT_NAME}</footer>
      </main>
    </div>
  );
}
