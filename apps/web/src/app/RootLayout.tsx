import { Outlet } from 'react-router';
import { SessionExpiredDialog } from './session/SessionExpiredDialog';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <SessionExpiredDialog />
    </>
  );
}
