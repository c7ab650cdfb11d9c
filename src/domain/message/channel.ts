import * as yup from 'yup';
import { MESSAGE_MSG } from './texts';
import { FREQUENCY_CAP_DEFAULT, FREQUENCY_CAP_MAX } from './law';
import { digitsOnly } from '../patterns';

/** Sender numbers are pre-registered numbers of 8–11 digits. */
export const senderNumberValid = (v: string): boolean => /^\d{8,11}$/.test(digitsOnly(v)) && /^[\d-]+$/.test(v.trim());
export const optOutNumberValid = (v: string): boolean => /^080-?\d{3,4}-?\d{4}$/.test(v.trim());

const optional = (max: number, message: string) => yup.string().nullable().default(null).max(max, message);

/** PUT /v2/message-integration: the Kakao channel's sender key, the sender number, the 080 line, the contact and the cap. */
export const channelSchema = yup.object({
  senderKey: optional(100, MESSAGE_MSG.senderKeyInvalid),
  senderNumber: optional(20, MESSAGE_MSG.senderNumberInvalid).test('number', MESSAGE_MSG.senderNumberInvalid, (v) => !v || senderNumberValid(v)),
  optOutNumber: optional(20, MESSAGE_MSG.optOutNumberInvalid).test('080', MESSAGE_MSG.optOutNumberInvalid, (v) => !v || optOutNumberValid(v)),
  contact: optional(20, MESSAGE_MSG.contactInvalid).test('number', MESSAGE_MSG.contactInvalid, (v) => !v || senderNumberValid(v)),
  frequencyCap: yup.number().default(FREQUENCY_CAP_DEFAULT).typeError(MESSAGE_MSG.frequencyCapInvalid).integer(MESSAGE_MSG.frequencyCapInvalid)
    .min(1, MESSAGE_MSG.frequencyCapInvalid).max(FREQUENCY_CAP_MAX, MESSAGE_MSG.frequencyCapInvalid),
});
export type ChannelInput = yup.InferType<typeof channelSchema>;
