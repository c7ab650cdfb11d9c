import type { ConsentService } from './validation/account';

/**
 * The texts a new partner agrees to on sign-up (spec 1 section 3, the consent block), one per
 * consent service, each opened by its 보기 link. Public: they are read before any account exists,
 * so they ship with the sign-up page instead of behind an authenticated endpoint.
 */
export const TERMS_TEXT: Record<ConsentService, { title: string; paragraphs: string[] }> = {
  SERVICE_USAGE: {
    title: '서비스 이용약관',
    paragraphs: [
      '제1조 (목적) 이 약관은 파트너 콘솔(이하 "서비스")을 이용하는 사업자(이하 "파트너")와 서비스 운영자 사이의 권리, 의무와 책임을 정해요.',
      '제2조 (계정) 파트너는 사업자 정보와 이메일로 계정을 만들고, 이메일 인증을 마친 뒤 서비스를 이용할 수 있어요. 계정 정보는 정확하게 유지해 주세요.',
      '제3조 (서비스 내용) 서비스는 디지털 보증서 발급, 상품·고객·매장 관리, 알림톡 발송 등 파트너가 고객에게 제공하는 사후 관리를 돕는 기능을 제공해요.',
      '제4조 (요금) 무료 체험 기간이 끝나면 요금제를 구독해야 보증서를 발급할 수 있어요. 요금과 결제 조건은 결제 화면에 안내해요.',
      '제5조 (파트너의 의무) 파트너는 고객의 개인정보를 관련 법령에 따라 처리하고, 타인의 정보를 무단으로 등록하거나 서비스를 부정하게 이용하지 않아야 해요.',
      '제6조 (이용 제한과 탈퇴) 약관을 위반하면 서비스 이용이 제한될 수 있어요. 파트너는 언제든지 계정 설정에서 탈퇴를 신청할 수 있어요.',
    ],
  },
  PERSONAL_INFORMATION: {
    title: '개인정보 수집 및 이용 동의',
    paragraphs: [
      '수집 항목: 이메일, 비밀번호(암호화하여 저장), 사업자등록번호, 휴대폰 번호, 회사명',
      '이용 목적: 회원 가입과 본인 확인, 서비스 제공과 요금 결제, 공지와 고객 문의 응대',
      '보유 기간: 탈퇴할 때까지 보관하고, 관련 법령이 보관을 요구하는 정보는 그 기간 동안 보관해요.',
      '동의를 거부할 수 있지만, 이 동의는 가입에 꼭 필요해서 거부하면 가입할 수 없어요.',
    ],
  },
  PROMOTION: {
    title: '프로모션 정보 수신 동의',
    paragraphs: [
      '할인, 이벤트, 새 기능 소식을 이메일과 문자로 받아요.',
      '선택 항목이라 동의하지 않아도 가입하고 서비스를 이용할 수 있어요. 동의는 언제든지 계정 설정에서 철회할 수 있어요.',
    ],
  },
  MARKETING: {
    title: '마케팅 정보 수신 동의',
    paragraphs: [
      '서비스 이용 기록을 바탕으로 맞춤 안내와 광고성 정보를 이메일과 문자로 받아요.',
      '선택 항목이라 동의하지 않아도 가입하고 서비스를 이용할 수 있어요. 동의는 언제든지 계정 설정에서 철회할 수 있어요.',
    ],
  },
};
