import { registerMessages } from '../kit/i18n/areas';

// The words of online registration in the families' site (issue 44), English and Spanish.

const en = {
  portal: {
    nav: { register: 'Register' },
    register: {
      heading: 'Register',
      empty: 'Nothing is open for online registration right now.',
      dates: '%{from} to %{to}',
      price: 'Price: %{price}',
      earlyBird: 'Early bird until %{date} (regular %{regular})',
      prorated: 'Prorated to the sessions left (full %{regular})',
      deposit: 'Deposit: %{amount}',
      seats: '%{count} places left',
      full: 'Full: you can join the waitlist',
      membership: 'A membership is required (from %{price}, at the front desk)',
      who: 'Who is registering?',
      hold: 'Hold my place',
      waitlist: 'Join the waitlist for %{name}',
      position: '%{name} is number %{position} on the waitlist. We will mail you when a place opens.',
      frontDesk: 'Register at the front desk.',
      pickNone: 'Choose at least one family member.',
      kinds: { class: 'Class', camp: 'Camp', league: 'League', tournament: 'Tournament', pickup: 'Pickup', rental: 'Rental' },
    },
    hold: {
      heading: 'Your places are held',
      offer: 'A place opened for you on the waitlist',
      left: 'Held for %{time} more',
      soon: 'Less than a minute left: extend the hold if you need more time.',
      extend: 'Give me 10 more minutes',
      extended: 'Extended once: it cannot be extended again.',
      expired: 'This hold has expired and the places went back on sale.',
      line: '%{name}: %{price}',
      taxes: 'Taxes: %{amount}',
      fees: 'Fees: %{amount}',
      total: 'Total: %{amount}',
      pay: 'Pay %{amount}',
      paid: 'You are registered. %{amount} paid; your invoice is number %{invoice}.',
      done: 'This registration is complete.',
    },
  },
};

const es: typeof en = {
  portal: {
    nav: { register: 'Inscribirse' },
    register: {
      heading: 'Inscribirse',
      empty: 'No hay nada abierto para inscripción en línea ahora.',
      dates: 'Del %{from} al %{to}',
      price: 'Precio: %{price}',
      earlyBird: 'Precio anticipado hasta el %{date} (normal %{regular})',
      prorated: 'Prorrateado a las sesiones que quedan (completo %{regular})',
      deposit: 'Depósito: %{amount}',
      seats: 'Quedan %{count} lugares',
      full: 'Completo: puede unirse a la lista de espera',
      membership: 'Se requiere una membresía (desde %{price}, en la recepción)',
      who: '¿Quién se inscribe?',
      hold: 'Reservar mi lugar',
      waitlist: 'Poner a %{name} en la lista de espera',
      position: '%{name} es el número %{position} en la lista de espera. Le escribiremos cuando se libere un lugar.',
      frontDesk: 'Inscríbase en la recepción.',
      pickNone: 'Elija al menos un miembro de la familia.',
      kinds: { class: 'Clase', camp: 'Campamento', league: 'Liga', tournament: 'Torneo', pickup: 'Partido libre', rental: 'Alquiler' },
    },
    hold: {
      heading: 'Sus lugares están reservados',
      offer: 'Se liberó un lugar para usted en la lista de espera',
      left: 'Reservado por %{time} más',
      soon: 'Queda menos de un minuto: extienda la reserva si necesita más tiempo.',
      extend: 'Deme 10 minutos más',
      extended: 'Extendida una vez: no se puede extender de nuevo.',
      expired: 'Esta reserva venció y los lugares volvieron a la venta.',
      line: '%{name}: %{price}',
      taxes: 'Impuestos: %{amount}',
      fees: 'Cargos: %{amount}',
      total: 'Total: %{amount}',
      pay: 'Pagar %{amount}',
      paid: 'Inscripción completa. Pagó %{amount}; su factura es la número %{invoice}.',
      done: 'Esta inscripción está completa.',
    },
  },
};

registerMessages({ en, es });
