import { serverModule } from '../module';
import { rentalRoutes } from './rental.routes';

/**
 * 租赁结算 (issue 38): agreements with versions, statements charged from the cylinder module's custody record by the
 * shared rules (src/shared/rental/charge.ts), issued once and corrected by notes, the month's run, the accounting
 * export. Owns rental_agreements, rental_agreement_versions, rental_statements, rental_notes, rental_runs.
 */
export const module = serverModule('rental', rentalRoutes);
// For the customer portal: its own statements only (the caller filters by the account's enterprise).
export { statementPage } from './statement.repository';
export { statementDetail } from './statement.service';
export { statementPdf } from './statement.print';
