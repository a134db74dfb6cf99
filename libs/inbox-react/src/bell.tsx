import { CSSProperties } from 'react';

export interface BellProps {
  /** The unread count to show (useInbox().state.unread). */
  unread: number;
  onClick?: () => void;
  className?: string;
  style?: CSSProperties;
}

const badgeStyle: CSSProperties = {
  position: 'absolute',
  top: 0,
  right: 0,
  minWidth: 18,
  height: 18,
  padding: '0 5px',
  boxSizing: 'border-box',
  borderRadius: 9,
  fontSize: 11,
  lineHeight: '18px',
  fontWeight: 600,
  background: 'var(--clarion-inbox-badge, #dc2626)',
  color: 'var(--clarion-inbox-badge-text, #fff)',
};

/** A bell with the unread count, for pages that draw their own list with useInbox(). */
export function Bell({ unread, onClick, className, style }: BellProps) {
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      aria-label={`Notifications, ${unread} unread`}
      style={{ position: 'relative', background: 'none', border: 0, padding: 6, ...style }}
    >
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && <span style={badgeStyle}>{unread > 99 ? '99+' : unread}</span>}
    </button>
  );
}
