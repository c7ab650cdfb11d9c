type Translate = (key: string, options?: Record<string, unknown>) => string;
import type { OnboardingItemStatus } from './api';

/**
 * An item's dialog content in the shape of spec 1 section 3 (modalData): the MAIN and SUB buttons
 * (title, link, options), the setting guide, the image and the text list, made from the item's
 * status and the catalogue (src/i18n/home.ko.ts).
 */
export interface ModalButton {
  title: string;
  link: string | null;
  options: { isOpenToast: boolean; toastMessage: string | null; isCompletedSetting: boolean };
}
export interface ModalData {
  buttons: { MAIN: ModalButton; SUB: ModalButton | null };
  settingGuide: { title: string; list: string[] };
  image: { alt: string; section: OnboardingItemStatus['parentKey'] };
  textList: { key: string; title: string; tooltip: string; list: string[] }[];
}

const lines = (s: string) => s.split('\n').filter(Boolean);

export function modalDataOf(item: OnboardingItemStatus, translate: Translate): ModalData {
  const t = (k: string, o?: Record<string, unknown>) => translate(`onboarding.items.${item.key}.${k}`, o);
  const title = t('title');
  const noToast = { isOpenToast: false, toastMessage: null, isCompletedSetting: false };
  const goSetting: ModalButton = { title: translate(item.link ? 'onboarding.goSetting' : 'onboarding.notReady'), link: item.link, options: noToast };
  const later: ModalButton = { title: translate('onboarding.later'), link: null, options: noToast };
  const buttons = item.completion === 'button'
    ? {
      MAIN: {
        title: translate(item.isCompleted ? 'onboarding.completed' : 'onboarding.complete'),
        link: null,
        options: { isOpenToast: true, toastMessage: translate(`onboarding.toasts.${item.key}`), isCompletedSetting: true },
      },
      SUB: item.link ? goSetting : later,
    }
    : { MAIN: goSetting, SUB: later };
  return {
    buttons,
    settingGuide: { title: translate('onboarding.guide'), list: lines(t('steps')) },
    image: { alt: translate('onboarding.imageAlt', { title }), section: item.parentKey },
    textList: [{ key: 'notes', title: translate('onboarding.notes'), tooltip: t('description'), list: lines(t('notes')) }],
  };
}
