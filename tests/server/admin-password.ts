/** The password of the seeded `admin` in every test database (global-setup.ts seeds the template with it). */
export const TEST_ADMIN_PASSWORD = 'Admin@12345';
