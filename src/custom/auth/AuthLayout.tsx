import type { ReactNode } from 'react';
import { authKo } from '../../i18n/auth.ko';
import './auth.css';

/** The centred card every auth page sits in, with the product name, the page's h1 and an optional footer. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="auth-main">
      <div className="auth-card">
        <p className="auth-product">{authKo.common.product}</p>
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <div className="auth-subtitle">{subtitle}</div> : null}
        <div className="auth-body">{children}</div>
        {footer ? <div className="auth-footer">{footer}</div> : null}
      </div>
    </main>
  );
}
