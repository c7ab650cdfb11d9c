import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { PageLoading } from '../framework/PageStates';

/** /auth/logout: signs out (the authProvider clears the token and reloads to the login page). */
export function LogoutPage() {
  const logout = useLogout();
  useEffect(() => {
    void logout();
  }, [logout]);
  return <PageLoading />;
}

export default LogoutPage;
