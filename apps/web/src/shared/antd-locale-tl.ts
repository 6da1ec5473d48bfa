import type { Locale } from 'antd/es/locale';
import CalendarLocale from '@rc-component/picker/locale/tl_PH';

/**
 * antd's own texts (pager, date and time pickers, empty tables, form messages…) in Filipino: antd
 * ships no Tagalog locale, and without one its components speak English to Tagalog staff. The
 * calendar's names come from the picker's own Tagalog locale; the rest is translated here, field
 * for field after antd's en_US.
 */
const typeTemplate = 'Hindi wastong ${type} ang ${label}';

const timePicker = {
  placeholder: 'Pumili ng oras',
  rangePlaceholder: ['Oras ng simula', 'Oras ng pagtatapos'] as [string, string],
};

const datePicker = {
  lang: {
    placeholder: 'Pumili ng petsa',
    yearPlaceholder: 'Pumili ng taon',
    quarterPlaceholder: 'Pumili ng kuwarter',
    monthPlaceholder: 'Pumili ng buwan',
    weekPlaceholder: 'Pumili ng linggo',
    rangePlaceholder: ['Petsa ng simula', 'Petsa ng pagtatapos'] as [string, string],
    rangeYearPlaceholder: ['Taon ng simula', 'Taon ng pagtatapos'] as [string, string],
    rangeQuarterPlaceholder: ['Kuwarter ng simula', 'Kuwarter ng pagtatapos'] as [string, string],
    rangeMonthPlaceholder: ['Buwan ng simula', 'Buwan ng pagtatapos'] as [string, string],
    rangeWeekPlaceholder: ['Linggo ng simula', 'Linggo ng pagtatapos'] as [string, string],
    ...CalendarLocale,
  },
  timePickerLocale: timePicker,
};

const tlPH: Locale = {
  locale: 'tl',
  Pagination: {
    items_per_page: '/ pahina',
    jump_to: 'Pumunta sa',
    jump_to_confirm: 'kumpirmahin',
    page: 'Pahina',
    prev_page: 'Nakaraang pahina',
    next_page: 'Susunod na pahina',
    prev_5: 'Nakaraang 5 pahina',
    next_5: 'Susunod na 5 pahina',
    prev_3: 'Nakaraang 3 pahina',
    next_3: 'Susunod na 3 pahina',
    page_size: 'Laki ng pahina',
  },
  DatePicker: datePicker,
  TimePicker: timePicker,
  Calendar: datePicker,
  global: {
    placeholder: 'Pakipili',
    close: 'Isara',
    sortable: 'maaaring ayusin',
    show: 'Ipakita',
    hide: 'Itago',
  },
  Table: {
    filterTitle: 'Menu ng pansala',
    filterConfirm: 'OK',
    filterReset: 'I-reset',
    filterEmptyText: 'Walang pansala',
    filterCheckAll: 'Piliin ang lahat',
    filterSearchPlaceholder: 'Maghanap sa mga pansala',
    emptyText: 'Walang datos',
    selectAll: 'Piliin ang pahinang ito',
    selectInvert: 'Baligtarin ang pagpili sa pahinang ito',
    selectNone: 'Alisin ang lahat ng pinili',
    selectionAll: 'Piliin ang lahat ng datos',
    sortTitle: 'Ayusin',
    expand: 'Palawakin ang hilera',
    collapse: 'Itiklop ang hilera',
    triggerDesc: 'I-click para ayusin nang pababa',
    triggerAsc: 'I-click para ayusin nang pataas',
    cancelSort: 'I-click para ihinto ang pag-aayos',
  },
  Tour: { Next: 'Susunod', Previous: 'Nakaraan', Finish: 'Tapusin' },
  Modal: { okText: 'OK', cancelText: 'Kanselahin', justOkText: 'OK' },
  Popconfirm: { okText: 'OK', cancelText: 'Kanselahin' },
  Transfer: {
    titles: ['', ''],
    searchPlaceholder: 'Maghanap dito',
    itemUnit: 'aytem',
    itemsUnit: 'aytem',
    remove: 'Alisin',
    selectCurrent: 'Piliin ang pahinang ito',
    removeCurrent: 'Alisin ang pahinang ito',
    selectAll: 'Piliin ang lahat ng datos',
    deselectAll: 'Alisin ang pagpili sa lahat',
    removeAll: 'Alisin ang lahat ng datos',
    selectInvert: 'Baligtarin ang pagpili sa pahinang ito',
  },
  Upload: {
    uploading: 'Ina-upload…',
    removeFile: 'Alisin ang file',
    uploadError: 'Nabigo ang pag-upload',
    previewFile: 'Silipin ang file',
    downloadFile: 'I-download ang file',
  },
  Empty: { description: 'Walang datos' },
  Icon: { icon: 'ikon' },
  Text: { edit: 'I-edit', copy: 'Kopyahin', copied: 'Nakopya', expand: 'Palawakin', collapse: 'Itiklop' },
  Carousel: { prevSlide: 'Nakaraang slide', nextSlide: 'Susunod na slide' },
  Form: {
    optional: '(opsyonal)',
    defaultValidateMessages: {
      default: 'May mali sa ${label}',
      required: 'Pakilagay ang ${label}',
      enum: 'Dapat isa sa [${enum}] ang ${label}',
      whitespace: 'Hindi puwedeng puro puwang ang ${label}',
      date: {
        format: 'Mali ang anyo ng petsa ng ${label}',
        parse: 'Hindi magawang petsa ang ${label}',
        invalid: 'Hindi wastong petsa ang ${label}',
      },
      types: {
        string: typeTemplate,
        method: typeTemplate,
        array: typeTemplate,
        object: typeTemplate,
        number: typeTemplate,
        date: typeTemplate,
        boolean: typeTemplate,
        integer: typeTemplate,
        float: typeTemplate,
        regexp: typeTemplate,
        email: typeTemplate,
        url: typeTemplate,
        hex: typeTemplate,
      },
      string: {
        len: 'Dapat ${len} na character ang ${label}',
        min: 'Dapat hindi bababa sa ${min} na character ang ${label}',
        max: 'Dapat hindi hihigit sa ${max} na character ang ${label}',
        range: 'Dapat ${min}–${max} na character ang ${label}',
      },
      number: {
        len: 'Dapat katumbas ng ${len} ang ${label}',
        min: 'Dapat hindi bababa sa ${min} ang ${label}',
        max: 'Dapat hindi hihigit sa ${max} ang ${label}',
        range: 'Dapat nasa pagitan ng ${min} at ${max} ang ${label}',
      },
      array: {
        len: 'Dapat ${len} ang ${label}',
        min: 'Hindi bababa sa ${min} ang ${label}',
        max: 'Hindi hihigit sa ${max} ang ${label}',
        range: 'Dapat nasa pagitan ng ${min} at ${max} ang bilang ng ${label}',
      },
      pattern: { mismatch: 'Hindi tugma ang ${label} sa anyong ${pattern}' },
    },
  },
  QRCode: { expired: 'Nag-expire na ang QR code', refresh: 'I-refresh', scanned: 'Na-scan na' },
  ColorPicker: {
    presetEmpty: 'Wala',
    transparent: 'Malinaw',
    singleColor: 'Iisang kulay',
    gradientColor: 'Gradyent',
  },
};

export default tlPH;
