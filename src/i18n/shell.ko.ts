/**
 * Korean texts of the shell (sidebar, header, narrow-screen menu, dashboard tabs). Plain nested
 * objects under `shell`: the catalogue owner spreads `shellKo` at the top level, so the layout reads
 * them as `shell.*` through react-admin's translate, with these strings as defaults until then.
 * The menu labels are also the accessible link names the end-to-end tests look for.
 */
export const shellKo = {
  shell: {
    appTitle: '파트너 콘솔',
    section: {
      main: '메인',
      customer: '고객',
      product: '상품',
      channel: '채널',
      additional: '부가 서비스',
    },
    menu: {
      home: '홈',
      dashboard: '대시보드',
      brandLounge: '브랜드 라운지',
      stamp: '스탬프',
      stampSetting: '스탬프 설정',
      stampList: '스탬프 적립 내역',
      customerList: '고객 리스트',
      customerGrade: '등급 및 포인트',
      membershipSetting: '멤버십 리스트',
      membershipPublish: '멤버십 발급',
      membershipHistory: '멤버십 발급 내역',
      marketingMessage: '마케팅 메시지',
      messageAuto: '자동 메시지',
      messageTemp: '단건 메시지',
      coupon: '쿠폰 리스트',
      guaranteeSetting: '보증서 설정',
      guaranteePublish: '보증서 발급',
      guaranteeHistory: '보증서 발급 내역',
      afterServiceSetting: 'A/S 설정',
      repairHistory: '수선 내역',
      laundryHistory: '세탁 내역',
      storeWaiting: '웨이팅/입장',
      storeReservation: '예약',
      interwork: '서비스 연동',
      payment: '결제 및 구독',
    },
    sidebar: {
      label: '사이드 메뉴',
      collapse: '메뉴 접기',
      expand: '메뉴 펼치기',
      newTag: 'NEW',
      dotHint: '새 소식',
      guide: '이용 가이드',
      feedback: '피드백',
      opensInNewTab: '새 창에서 열림',
    },
    balance: {
      title: '충전금 잔액',
      amount: '%{amount}원',
      charge: '충전하기',
      settings: '결제 카드 설정',
    },
    header: {
      profileMenu: '프로필 메뉴',
      accountSettings: '계정 설정',
      brandSettings: '브랜드 설정',
      language: 'English로 보기',
      logout: '로그아웃',
    },
    mobileMenu: {
      label: '모바일 메뉴',
      home: '홈',
      productDashboard: '상품 대시보드',
      customerDashboard: '고객 대시보드',
      channelDashboard: '채널 대시보드',
      logout: '로그아웃',
    },
    dashboardTabs: {
      label: '대시보드 탭',
      product: '상품',
      customer: '고객',
      channel: '채널',
    },
  },
};

/** The shape every shell catalogue follows (English must provide the same keys). */
export type ShellMessages = typeof shellKo;
