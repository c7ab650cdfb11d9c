import type SvgIcon from '@mui/material/SvgIcon';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import LoyaltyOutlined from '@mui/icons-material/LoyaltyOutlined';
import PeopleOutline from '@mui/icons-material/PeopleOutline';
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined';
import CardMembershipOutlined from '@mui/icons-material/CardMembershipOutlined';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import StoreOutlined from '@mui/icons-material/StoreOutlined';
import BuildCircleOutlined from '@mui/icons-material/BuildCircleOutlined';
import BuildOutlined from '@mui/icons-material/BuildOutlined';
import LocalLaundryServiceOutlined from '@mui/icons-material/LocalLaundryServiceOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';

/**
 * The icon of each top-level menu item, keyed by MenuItem.key. Kept out of the pure menu model;
 * the collapsed 72 px sidebar shows only these, with the label as tooltip.
 */
export type MenuIcon = typeof SvgIcon;

export const MENU_ICONS: Record<string, MenuIcon> = {
  home: HomeOutlined,
  dashboard: DashboardOutlined,
  brandLounge: StorefrontOutlined,
  stamp: LoyaltyOutlined,
  customerList: PeopleOutline,
  customerGrade: MilitaryTechOutlined,
  membershipSetting: CardMembershipOutlined,
  membershipPublish: AddCardOutlined,
  membershipHistory: ReceiptLongOutlined,
  marketingMessage: CampaignOutlined,
  coupon: LocalOfferOutlined,
  guaranteeSetting: TuneOutlined,
  guaranteePublish: VerifiedOutlined,
  guaranteeHistory: HistoryOutlined,
  product: Inventory2Outlined,
  storeList: StoreOutlined,
  afterServiceSetting: BuildCircleOutlined,
  repairHistory: BuildOutlined,
  laundryHistory: LocalLaundryServiceOutlined,
  exam: FactCheckOutlined,
  storeWaiting: HourglassEmptyOutlined,
  storeReservation: EventAvailableOutlined,
  interwork: HubOutlined,
  payment: CreditCardOutlined,
};

/** The icon of a top-level item; a declared resource without its own icon gets the list icon, so the icon-only sidebar still shows it. */
export const menuIconOf = (key: string): MenuIcon => MENU_ICONS[key] ?? ListAltOutlined;
