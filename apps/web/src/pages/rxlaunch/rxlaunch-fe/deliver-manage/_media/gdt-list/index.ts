import { deliveryPage } from '../_delivery/page.ts';

// A medium's delivery (`gdt-list`): the live objects pulled from the medium, edits sent to it.
export default await deliveryPage();
