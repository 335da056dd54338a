export const E2E_ADMIN_PASSWORD = 'Admin@e2e-12345';
