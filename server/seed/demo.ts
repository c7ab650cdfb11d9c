import type { Db } from '../db/client';
export const DEMO_PASSWORD = 'demo1234!';
export const DEMO_ACCOUNTS: { email: string; label: string }[] = [];
export async function seedDemo(db: Db): Promise<boolean> {
  void db;
  return false;
}
