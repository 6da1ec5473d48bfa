import { adSourcesResource } from '@rx/contracts/ad-library';
import { adLibraryPage } from '../_tools/library.ts';

// Material sources (`launch/see/material_source`).
export default await adLibraryPage(adSourcesResource);
