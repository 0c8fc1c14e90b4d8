import { ExceptionPage } from './ExceptionPage';

export default function Exception500() {
  return <ExceptionPage type="500" />;
}
