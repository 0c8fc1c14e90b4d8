/** A titled group of the form (page language: form.groups). */
import { Card } from 'antd';
import type { ReactNode } from 'react';

export function FormSection({ title, children }: { title?: string; children?: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ marginBottom: 16 }}>
      {children}
    </Card>
  );
}
