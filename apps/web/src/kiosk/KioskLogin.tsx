import { Navigate, useNavigate } from 'react-router-dom';
import { DeviceLoginForm } from '../components/DeviceLoginForm';
import { kioskErrorKey, kioskLogin, kioskSession } from '../data/kiosk';
import { KioskFrame } from './KioskFrame';

/** /kiosk/login: then the check-in (docs/product.md#kiosk-screens). */
export function KioskLoginPage() {
  const navigate = useNavigate();
  if (kioskSession()) return <Navigate to="/kiosk/checkin" replace />;
  return (
    <KioskFrame kiosk={null} style={1}>
      <DeviceLoginForm
        kind="kiosk"
        errorKey={(e) => kioskErrorKey(e, 'login')}
        onLogin={async (body) => {
          await kioskLogin(body);
          navigate('/kiosk/checkin', { replace: true });
        }}
      />
    </KioskFrame>
  );
}
