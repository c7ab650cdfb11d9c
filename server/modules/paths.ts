/** The account paths of spec 1 section 7, inside the main API base. */
export const PARTNERSHIPS = '/v1/admin/partnerships';
