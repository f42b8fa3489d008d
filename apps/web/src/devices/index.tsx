import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import TabletAndroidIcon from '@mui/icons-material/TabletAndroid';
import TvIcon from '@mui/icons-material/Tv';
import { Loading } from 'react-admin';

// The device screens (tabbed forms, voices, logs) load on first visit, not with the back-office.
const page = (component: LazyExoticComponent<ComponentType>) => {
  const Component = component;
  return function LazyPage() {
    return (
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>
    );
  };
};
const kiosk = (name: 'KioskList' | 'KioskCreate' | 'KioskEdit') => page(lazy(() => import('./Kiosks').then((m) => ({ default: m[name] }))));
const display = (name: 'DisplayList' | 'DisplayCreate' | 'DisplayEdit') => page(lazy(() => import('./Displays').then((m) => ({ default: m[name] }))));

export const kiosks = {
  list: kiosk('KioskList'),
  create: kiosk('KioskCreate'),
  edit: kiosk('KioskEdit'),
  icon: TabletAndroidIcon,
  recordRepresentation: 'name',
};
export const displays = {
  list: display('DisplayList'),
  create: display('DisplayCreate'),
  edit: display('DisplayEdit'),
  icon: TvIcon,
  recordRepresentation: 'name',
};
