import { Logo } from '../../components/logo';

/** The sidebar's background, shared by the desktop Sider and the mobile drawer. */
export const SIDER_BG = '#0f1f3d';

export function Brand({ isCompact }: { isCompact: boolean }) {
  return (
    <div
      style={{
        height: 64,
        display: 'flex',
        alignItems: 'center',
        justifyContent: isCompact ? 'center' : 'flex-start',
        padding: isCompact ? 0 : '0 20px',
      }}
    >
      <Logo isCompact={isCompact} color="#fff" />
    </div>
  );
}
