import { deliveryPage } from '../_delivery/page.ts';

// A medium's delivery (`put-manage`): the live objects pulled from the medium, edits sent to it.
export default await deliveryPage();
