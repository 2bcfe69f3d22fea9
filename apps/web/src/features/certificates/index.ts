import { lazyScreen } from '../../lib/lazy-screen';

/** Public surface of the certificates feature: the list, and the public page customers read. */
export const CertificateListScreen = lazyScreen(() => import('./screens/certificate-list'), ['certificates']);
export const PublicCertificateScreen = lazyScreen(() => import('./screens/public-certificate'), ['certificates']);
