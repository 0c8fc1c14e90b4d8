/** The product's mark: a shield (insurance) with a check (an assessed loss), drawn inline. */
export default function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="公估业务管理系统标志">
      <rect width="32" height="32" rx="7" fill="#52C41A" />
      <path d="M16 5.5 7.5 8.8v6.4c0 5.3 3.6 9.9 8.5 11.3 4.9-1.4 8.5-6 8.5-11.3V8.8L16 5.5Z" fill="#fff" />
      <path
        d="m11.8 16.1 3 3 5.6-6"
        fill="none"
        stroke="#52C41A"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
