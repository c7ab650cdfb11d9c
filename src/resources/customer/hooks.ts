import { useQuery } from '@tanstack/react-query';
import { customerApi } from './api';

export const GRADES_KEY = ['customer', 'grades'] as const;
export const SETTING_KEY = ['customer', 'setting'] as const;

/** The grades (for the list filter and the grade pages): GET /v1/admin/customers-group/list. */
export function useGrades() {
  return useQuery({ queryKey: GRADES_KEY, queryFn: ({ signal }) => customerApi.grades(signal), retry: false });
}

/** The point and grade-schedule settings: GET /v1/admin/customers/setting. */
export function useCustomerSetting() {
  return useQuery({ queryKey: SETTING_KEY, queryFn: ({ signal }) => customerApi.setting(signal), retry: false });
}
