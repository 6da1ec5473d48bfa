import { adLabelsResource } from '@rx/contracts/ad-library';
import { adLibraryPage } from '../_tools/library.ts';

// Material labels (`launch/see/material_label`).
export default await adLibraryPage(adLabelsResource);
